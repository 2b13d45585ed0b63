/*
 * The documentation page (GET /api/docs): loads /docs/api.json, with the visitor's token when one is given
 * (kept in sessionStorage for this tab only), renders it with Swagger UI, and sends the token with
 * "Try it out" requests unless the Authorize dialog set one.
 */
/* global SwaggerUIBundle, document */
(function () {
  'use strict';
  var KEY = 'api-docs-token';
  var form = document.getElementById('token-form');
  var input = document.getElementById('token');
  var status = document.getElementById('status');

  function token() {
    return sessionStorage.getItem(KEY) || '';
  }

  function show(message, isError) {
    status.textContent = message;
    status.className = isError ? 'error' : '';
  }

  function withToken(headers) {
    var t = token();
    if (t && !headers.Authorization) headers.Authorization = 'Bearer ' + t;
    return headers;
  }

  function load() {
    show('Loading…', false);
    fetch('/docs/api.json', { headers: withToken({ Accept: 'application/json' }) })
      .then(function (res) {
        return res.json().then(function (body) {
          return { status: res.status, body: body };
        });
      })
      .then(function (result) {
        if (result.status !== 200) {
          var code = result.body && result.body.error ? result.body.error.code : 'error';
          show(
            result.status === 401
              ? 'The specification needs a token (' + code + '): enter one above.'
              : result.status === 403
                ? 'This token may not read the specification (' + code + ').'
                : 'Could not load the specification (' + result.status + ' ' + code + ').',
            true,
          );
          return;
        }
        show('', false);
        var ui = SwaggerUIBundle({
          spec: result.body,
          dom_id: '#swagger-ui',
          deepLinking: true,
          tryItOutEnabled: false,
          requestInterceptor: function (request) {
            request.headers = withToken(request.headers || {});
            return request;
          },
        });
        if (token()) ui.preauthorizeApiKey('bearerAuth', token());
      })
      .catch(function (error) {
        show('Could not load the specification: ' + error.message, true);
      });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var value = input.value.trim();
    if (value) sessionStorage.setItem(KEY, value);
    input.value = '';
    load();
  });
  document.getElementById('forget').addEventListener('click', function () {
    sessionStorage.removeItem(KEY);
    load();
  });
  load();
})();
