/**
 * Product descriptions in de/en/fr as the PIM's rich-text editor stores them: <p>, <strong>, <ul><li>,
 * entities (&amp;, &nbsp;) and links; a few are plain text. Also the per-channel `texts`.
 */
import type { Features } from './features';
import { FEATURE_LABELS } from './features';
import type { ProductIdentity } from './identity';
import type { Rng } from './random';
import { escapeHtml, langs, type Coverage, type LangText } from './text';

const SITE = 'https://www.example.com';

function bullet(value: unknown, lang: 0 | 1 | 2, unit: string): string | null {
  if (typeof value === 'number') {
    const text = lang === 1 ? String(value) : String(value).replace('.', ',');
    return unit ? `${text}&nbsp;${escapeHtml(unit)}` : text;
  }
  if (typeof value === 'string')
    return unit ? `${escapeHtml(value)}&nbsp;${escapeHtml(unit)}` : escapeHtml(value);
  return null;
}

function bullets(features: Features | null, lang: 0 | 1 | 2): string {
  if (!features) return '';
  const items: string[] = [];
  for (const [key, value] of Object.entries(features)) {
    const label = FEATURE_LABELS[key];
    if (!label || items.length >= 4) continue;
    const text = bullet(value, lang, label[3]);
    if (text !== null) items.push(`<li>${label[lang]} ${text}</li>`);
  }
  return items.length ? `<ul>${items.join('')}</ul>` : '';
}

const CLOSING: readonly (readonly [string, string, string])[] = [
  [
    '<p>Für Heu &amp; Silage, ab Werk mit Schnellwechsel-System.</p>',
    '<p>For hay &amp; silage, with quick-change system as standard.</p>',
    '<p>Pour le foin &amp; l’ensilage, système de changement rapide de série.</p>',
  ],
  [
    '<p><strong>Neu:</strong> jetzt auch mit ISOBUS-Steuerung.</p>',
    '<p><strong>New:</strong> now also with ISOBUS control.</p>',
    '<p><strong>Nouveau :</strong> désormais aussi avec commande ISOBUS.</p>',
  ],
  [
    '<p>Tipp: Verschleißteile finden Sie im <a href="https://www.example.com/de/ersatzteile" target="_blank">Ersatzteilshop</a>.</p>',
    '<p>Tip: wear parts are in our <a href="https://www.example.com/en/spare-parts" target="_blank">spare parts shop</a>.</p>',
    '<p>Astuce&nbsp;: pièces d’usure dans notre <a href="https://www.example.com/fr/pieces" target="_blank">boutique</a>.</p>',
  ],
];

/** HTML descriptions; `dropFr` leaves out the French one even when the name has it (as in real data). */
export function productDescriptions(
  rng: Rng,
  who: ProductIdentity,
  features: Features | null,
  coverage: Coverage,
  dropFr: boolean,
): LangText {
  const { names, family, slug } = who;
  if (who.objekttyp === 0) {
    return langs(
      coverage,
      `<p>${family.group[0]} von Hofmeister: für jeden Betrieb die passende Maschine.</p>`,
      `<p>${family.group[1]} by Hofmeister for every farm.</p>`,
      `<p>${family.group[2]} Hofmeister pour chaque exploitation.</p>`,
    );
  }
  if (rng.chance(0.1)) {
    // Plain text without markup, as imported from the old system.
    const plain = langs(
      coverage,
      `${names[0]} ${family.pitch[0].replace(/&amp;/g, '&')}`,
      `${names[1]} ${family.pitch[1]}`,
      `${names[2]} ${family.pitch[2]}`,
    );
    if (dropFr) delete plain.fr;
    return plain;
  }
  const closing = rng.chance(0.5) ? rng.pick(CLOSING) : null;
  const datasheet = rng.chance(0.3)
    ? [
        `<p>Alle Werte im <a href="${SITE}/de/downloads/datenblatt-${slug}">Datenblatt</a>.</p>`,
        `<p>All values in the <a href="${SITE}/en/downloads/datasheet-${slug}">datasheet</a>.</p>`,
        `<p>Toutes les valeurs dans la <a href="${SITE}/fr/telechargements/fiche-${slug}">fiche technique</a>.</p>`,
      ]
    : ['', '', ''];
  const html = (lang: 0 | 1 | 2): string =>
    `<p><strong>${escapeHtml(names[lang])}</strong> ${family.pitch[lang]}</p>${bullets(features, lang)}${closing?.[lang] ?? ''}${datasheet[lang]}`;
  const result = langs(coverage, html(0), html(1), html(2));
  if (dropFr) delete result.fr;
  return result;
}

export function channelTexts(rng: Rng, who: ProductIdentity): Record<string, LangText> {
  const texts: Record<string, LangText> = {
    print: { de: `Kanaltext Print: ${who.names[0]} – ${who.family.pitch[0].replace(/&amp;/g, '&')}` },
  };
  if (rng.chance(0.6))
    texts.dealer_portal = {
      de: `Händlerhinweis: Vorführmaschine ${who.designation[0]} ab KW ${rng.int(2, 50)} verfügbar.`,
    };
  if (rng.chance(0.4))
    texts.website = { de: `Kanaltext Website: ${who.names[0]}`, en: `Website text: ${who.names[1]}` };
  return texts;
}
