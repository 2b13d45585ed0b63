/* global Chart, document, window */
/**
 * The search report page's script, inlined by html.ts after Chart.js. Reads the JSON data block and draws
 * the totals, the charts and the tables. Queries are visitor input: they are only ever set as textContent
 * or handed to Chart.js, which draws them on a canvas; nothing here builds HTML from strings.
 * When done, it sets data-rendered="true" on <body> (the Chromium test waits for it).
 */
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('report-data').textContent);
  const BLUE = '#2563eb';
  const RED = '#dc2626';
  const GREY = '#7b8794';
  const number = new Intl.NumberFormat('en-US');

  // Drawn once, completely: screenshots, printing and the test see the final chart.
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.family =
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  Chart.defaults.color = '#3e4c59';

  const el = (tag, text, className) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  };
  const percent = (part, whole) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
  const day = (iso) => iso.slice(0, 10);

  /** A bar label: the query cut to 32 characters, with its endpoint unless it is the public product search. */
  const shortLabel = (query, endpoint) => {
    const chars = Array.from(query);
    const text = chars.length > 32 ? `${chars.slice(0, 31).join('')}…` : query;
    return endpoint === 'products' ? text : `${text} (${endpoint})`;
  };

  function totals() {
    const t = data.totals;
    const judged = t.sessionSearches - t.undecidedSearches;
    const cards = [
      ['searches', 'Searches', `${data.days.length} days`],
      ['zeroResultSearches', 'Found nothing', `${percent(t.zeroResultSearches, t.searches)} of searches`],
      ['sessions', 'Sessions', `${number.format(t.sessionSearches)} searches with a session`],
      ['refinements', 'Refinements', 'query changed within 10 minutes'],
      [
        'abandonedSearches',
        'Abandoned (inferred)',
        `${percent(t.abandonedSearches, judged)} of ${number.format(judged)} judged searches`,
      ],
    ];
    const box = document.getElementById('totals');
    for (const [key, label, note] of cards) {
      const card = el('div', null, 'card');
      card.appendChild(el('div', label, 'label'));
      const value = el('div', number.format(t[key]), 'value');
      value.setAttribute('data-total', key);
      card.appendChild(value);
      card.appendChild(el('div', note, 'note'));
      box.appendChild(card);
    }
  }

  function dailyChart() {
    const line = (label, key, color, extra) => ({
      label,
      data: data.daily.map((d) => d[key]),
      borderColor: color,
      backgroundColor: color,
      tension: 0,
      ...extra,
    });
    new Chart(document.getElementById('chart-daily'), {
      type: 'line',
      data: {
        labels: data.days,
        datasets: [
          line('Searches', 'searches', BLUE, { fill: true, backgroundColor: 'rgba(37, 99, 235, 0.12)' }),
          line('Found nothing', 'zeroResultSearches', RED),
          line('Abandoned (inferred)', 'abandonedSearches', GREY, { borderDash: [5, 4] }),
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'searches' } },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
  }

  function barChart(id, rows, datasets, empty) {
    const canvas = document.getElementById(id);
    if (rows.length === 0) {
      canvas.parentNode.replaceChild(el('p', empty, 'empty'), canvas);
      return;
    }
    new Chart(canvas, {
      type: 'bar',
      data: {
        labels: rows.map((r) => shortLabel(r.query, r.endpoint)),
        datasets: datasets.map(([label, value, color]) => ({
          label,
          data: rows.map(value),
          backgroundColor: color,
          maxBarThickness: 28,
        })),
      },
      options: {
        indexAxis: 'y',
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
        plugins: { legend: { position: 'bottom', display: datasets.length > 1 } },
      },
    });
  }

  /** A small line of the daily values, scaled to the row's own highest value, the last day marked. */
  function sparkline(values) {
    const width = 120;
    const height = 28;
    const ratio = window.devicePixelRatio || 1;
    const canvas = el('canvas', null, 'spark');
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const max = Math.max(1, ...values);
    canvas.title = `per day, highest ${max}`;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `per day: ${values.join(', ')}`);
    const ctx = canvas.getContext('2d');
    ctx.scale(ratio, ratio);
    const x = (i) => (values.length > 1 ? 2 + (i * (width - 6)) / (values.length - 1) : width / 2);
    const y = (v) => height - 3 - ((height - 6) * v) / max;
    ctx.strokeStyle = BLUE;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    values.forEach((v, i) => (i === 0 ? ctx.moveTo(x(i), y(v)) : ctx.lineTo(x(i), y(v))));
    ctx.stroke();
    ctx.fillStyle = BLUE;
    ctx.beginPath();
    ctx.arc(x(values.length - 1), y(values[values.length - 1]), 2.5, 0, 2 * Math.PI);
    ctx.fill();
    return canvas;
  }

  // Table columns: a title, the cell's value (text, number or a node) and the cell's class.
  const text = (title, value, className = '') => ({ title, value, className });
  const num = (title, key) => text(title, (r) => (r[key] === null ? '-' : r[key]), 'num');
  const rank = text('#', (r, i) => i + 1, 'num');
  const query = (title = 'Query', key = 'query') => text(title, (r) => r[key], 'query');
  const endpoint = text('Endpoint', (r) => r.endpoint);
  const lastSeen = text('Last seen', (r) => day(r.lastSeen), 'nowrap');
  const trend = text('Trend', (r) => sparkline(r.daily));
  const change = (colour) =>
    text(
      'Change',
      (r) => r.change,
      (r) => {
        if (!colour || r.change === '-' || r.change === '0%') return 'num';
        return r.change.startsWith('-') ? 'num better' : 'num worse';
      },
    );

  function table(containerId, columns, rows, empty) {
    const container = document.getElementById(containerId);
    if (rows.length === 0) {
      container.appendChild(el('p', empty, 'empty'));
      return;
    }
    const tableEl = el('table');
    const head = tableEl.createTHead().insertRow();
    for (const c of columns)
      head.appendChild(el('th', c.title, typeof c.className === 'string' ? c.className : 'num'));
    const body = tableEl.createTBody();
    rows.forEach((row, i) => {
      const tr = body.insertRow();
      for (const c of columns) {
        const value = c.value(row, i);
        const td = tr.insertCell();
        if (value instanceof window.Node) td.appendChild(value);
        else td.textContent = typeof value === 'number' ? number.format(value) : String(value);
        td.className = typeof c.className === 'function' ? c.className(row) : c.className;
      }
    });
    container.appendChild(tableEl);
  }

  totals();
  if (data.to === data.generatedAt.slice(0, 10)) {
    document.querySelector('#daily .hint').append(' The last day is today and still incomplete.');
  }
  dailyChart();
  barChart(
    'chart-top',
    data.topQueries,
    [
      ['Found something', (q) => q.searches - q.zeroResultSearches, BLUE],
      ['Found nothing', (q) => q.zeroResultSearches, RED],
    ],
    'No searches in this range.',
  );
  barChart(
    'chart-zero',
    data.zeroResultQueries,
    [['Searches that found nothing', (q) => q.zeroResultSearches, RED]],
    'Every search in this range found something.',
  );
  table(
    'table-top',
    [
      rank,
      query(),
      endpoint,
      num('Searches', 'searches'),
      num('Sessions', 'sessions'),
      num('Found nothing', 'zeroResultSearches'),
      trend,
      num('Last 7 days', 'lastWeek'),
      num('7 before', 'previousWeek'),
      change(false),
    ],
    data.topQueries,
    'No searches in this range.',
  );
  table(
    'table-zero',
    [
      rank,
      query(),
      endpoint,
      num('Found nothing', 'zeroResultSearches'),
      num('All searches', 'searches'),
      num('Sessions', 'sessions'),
      lastSeen,
      trend,
      num('Last 7 days', 'lastWeek'),
      num('7 before', 'previousWeek'),
      change(true),
    ],
    data.zeroResultQueries,
    'Every search in this range found something.',
  );
  table(
    'table-refinements',
    [
      query('From query', 'fromQuery'),
      query('To query', 'toQuery'),
      endpoint,
      num('Times', 'refinements'),
      num('Sessions', 'sessions'),
      num('From found nothing', 'fromZeroResult'),
      num('To found nothing', 'toZeroResult'),
    ],
    data.refinements,
    'No refinements in this range.',
  );
  table(
    'table-abandoned',
    [query(), endpoint, num('Abandoned', 'abandonedSearches'), num('Sessions', 'sessions'), lastSeen],
    data.abandonedQueries,
    'No abandoned searches in this range.',
  );
  document.body.setAttribute('data-rendered', 'true');
})();
