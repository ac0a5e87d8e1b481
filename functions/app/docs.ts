/**
 * A self-contained HTML reference rendered from the OpenAPI document, so the
 * docs page works offline and never drifts from the schemas.
 */
interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
  responses?: Record<string, { description?: string }>;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] as string);

/** `security: []` means no token; an operation without `security` takes the document's (a bearer token). */
const needsToken = (op: Operation) => op.security === undefined || op.security.length > 0;

function renderOperation(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''}) ${escape(p.description ?? '')}</li>`)
    .join('');
  const bodyRef = Object.values(op.requestBody?.content ?? {})[0]
    ?.schema?.$ref?.split('/')
    .at(-1);
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => `<code>${status}</code> ${escape(r.description ?? '')}`)
    .join(' · ');
  return `<section><h3><span class="m">${method.toUpperCase()}</span> <code>${escape(path)}</code>${needsToken(op) ? ' 🔑' : ''}</h3>
<p>${escape(op.summary ?? '')}</p>${op.description ? `<p>${escape(op.description)}</p>` : ''}
${params ? `<ul>${params}</ul>` : ''}${bodyRef ? `<p>Body: <a href="#schema-${bodyRef}">${bodyRef}</a></p>` : ''}<p>${responses}</p></section>`;
}

export function renderDocs(document: {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}): string {
  const operations = Object.entries(document.paths ?? {})
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => renderOperation(method, path, op)))
    .join('\n');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(([name, schema]) => `<h3 id="schema-${name}">${name}</h3><pre>${escape(JSON.stringify(schema, null, 2))}</pre>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}code,pre{background:#f4f4f4;padding:0 .2rem}pre{padding:.5rem;overflow:auto;max-height:24rem}.m{font-weight:700;color:#2a6}</style>
</head><body><h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description ?? '')}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). 🔑 = needs <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<h2>Operations</h2>${operations}<h2>Schemas</h2>${schemas}</body></html>`;
}
