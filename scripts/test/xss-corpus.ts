// The XSS corpus of the security suite (docs/product.md, Security): hostile text for every field the public pages
// and the admin screens show, and the check that tells a live payload from harmless text.
// Every payload, if it ever ran, calls window.__xss('<its id>') (or alert('<its id>')), so a
// browser test that records those calls and dialogs names the payload that got through.

export interface XssPayload {
  /** Short and unique; the payload passes it to __xss()/alert() when it runs. */
  id: string;
  text: string;
}

const p = (id: string, text: string): XssPayload => ({ id, text });

/** Markup, URLs and Markdown that have broken real sites; at least 30 of them. */
export const XSS_PAYLOADS: readonly XssPayload[] = [
  // Script elements
  p('script', `<script>__xss('script')</script>`),
  p('script-upper', `<SCRIPT>__xss('script-upper')</SCRIPT>`),
  p('script-split', `<scr<script>ipt>__xss('script-split')</scr</script>ipt>`),
  p('script-src-data', `<script src="data:text/javascript,__xss('script-src-data')"></script>`),
  p('title-breakout', `</title><script>__xss('title-breakout')</script>`),
  p('textarea-breakout', `</textarea><img src=x onerror="__xss('textarea-breakout')">`),
  p('noscript-mxss', `<noscript><p title="</noscript><img src=x onerror=__xss('noscript-mxss')>">`),
  // Event handlers
  p('img-onerror', `<img src=x onerror="__xss('img-onerror')">`),
  p('img-alert', `<img src=x onerror=alert('img-alert')>`),
  p('body-onload', `<body onload="__xss('body-onload')">`),
  p('details-ontoggle', `<details open ontoggle="__xss('details-ontoggle')"><summary>x</summary></details>`),
  p('input-onfocus', `<input autofocus onfocus="__xss('input-onfocus')">`),
  p('video-onerror', `<video><source onerror="__xss('video-onerror')"></video>`),
  // SVG and MathML
  p('svg-onload', `<svg onload="__xss('svg-onload')">`),
  p('svg-script', `<svg><script>__xss('svg-script')</script></svg>`),
  p('svg-animate', `<svg><animate onbegin="__xss('svg-animate')" attributeName="x" dur="1s"></animate></svg>`),
  p('svg-xlink', `<svg><a xlink:href="javascript:__xss('svg-xlink')"><text x="20" y="20">x</text></a></svg>`),
  p('math-mglyph', `<math><mtext><table><mglyph><style><img src=x onerror="__xss('math-mglyph')">`),
  p('math-href', `<math><maction actiontype="statusline" xlink:href="javascript:__xss('math-href')">x</maction></math>`),
  // javascript: and data: URLs in markup
  p('a-js', `<a href="javascript:__xss('a-js')">link</a>`),
  p('a-js-case', `<a href="JaVaScRiPt:__xss('a-js-case')">link</a>`),
  p('a-js-space', `<a href=" &#x09;javascript:__xss('a-js-space')">link</a>`),
  p('a-js-newline', `<a href="java&#x0A;script:__xss('a-js-newline')">link</a>`),
  p('a-js-entity', `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__xss('a-js-entity')">link</a>`),
  p('a-data-html', `<a href="data:text/html,<script>opener.__xss('a-data-html')</script>">link</a>`),
  p('iframe-srcdoc', `<iframe srcdoc="<script>parent.__xss('iframe-srcdoc')</script>"></iframe>`),
  p('iframe-js', `<iframe src="javascript:parent.__xss('iframe-js')"></iframe>`),
  p('object-data', `<object data="data:text/html,<script>parent.__xss('object-data')</script>"></object>`),
  p('embed-js', `<embed src="javascript:__xss('embed-js')">`),
  p('base-href', `<base href="javascript:__xss('base-href')//">`),
  p('meta-refresh', `<meta http-equiv="refresh" content="0;url=javascript:__xss('meta-refresh')">`),
  p('form-action', `<form action="javascript:__xss('form-action')"><button>go</button></form>`),
  // CSS
  p('css-expression', `<div style="width: expression(__xss('css-expression'))">x</div>`),
  p('css-url-js', `<div style="background:url(javascript:__xss('css-url-js'))">x</div>`),
  p('style-import', `<style>@import 'javascript:__xss("style-import")';</style>`),
  // Attribute and script breakouts
  p('attr-dq', `" autofocus onfocus="__xss('attr-dq')" x="`),
  p('attr-sq', `'><script>__xss('attr-sq')</script>`),
  p('attr-tag', `"><img src=x onerror="__xss('attr-tag')">`),
  p('jsonld-breakout', `</script><script>__xss('jsonld-breakout')</script>`),
  p('jsonld-comment', `<!--<script>__xss('jsonld-comment')</script>-->`),
  // Client-side templates
  p('mustache', `{{constructor.constructor('__xss("mustache")')()}}`),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is a template literal as text
  p('template-literal', '${__xss(`template-literal`)}'),
  // Markdown
  p('md-link-js', `[md link](javascript:__xss('md-link-js'))`),
  p('md-link-case', `[md link](JAVASCRIPT:__xss('md-link-case'))`),
  p('md-link-entity', `[md link](javascript&#58;__xss('md-link-entity'))`),
  p('md-img-attr', `![x](x" onerror="__xss('md-img-attr'))`),
  p('md-img-js', `![x](javascript:__xss('md-img-js'))`),
  p('md-title', `[md title](https://example.com "t\\" onmouseover=\\"__xss('md-title')")`),
  p('md-autolink', `<javascript:__xss('md-autolink')>`),
  p('md-reference', `[md ref][evil]\n\n[evil]: javascript:__xss('md-reference')`),
  // Bare URLs, for URL fields
  p('url-js', `javascript:__xss('url-js')`),
  p('url-js-upper', `JAVASCRIPT:__xss('url-js-upper')`),
  p('url-js-space', ` \tjavascript:__xss('url-js-space')`),
  p('url-data', `data:text/html,<script>opener.__xss('url-data')</script>`),
  p('url-attr', `https://evil.example/" onmouseover="__xss('url-attr')`),
  p('url-fragment', `https://evil.example/#"><script>__xss('url-fragment')</script>`),
];

/**
 * Payloads with a NUL byte, to split a tag or an attribute name. The API answers 400 to NUL in a
 * text field, so these go through a field one at a time, apart from the others.
 */
export const NUL_PAYLOADS: readonly XssPayload[] = [
  p('nul-script', `<scr\0ipt>__xss('nul-script')</scr\0ipt>`),
  p('nul-attr', `<img src=x o\0nerror="__xss('nul-attr')">`),
  p('nul-js-url', `java\0script:__xss('nul-js-url')`),
];

/**
 * The payloads joined into as few texts as fit in `maxLength` characters each (a field's limit),
 * so that every payload goes through a short field too. A payload longer than the limit is cut:
 * the cut text is still hostile, and still names its payload.
 */
export function packPayloads(maxLength: number, payloads: readonly XssPayload[] = XSS_PAYLOADS, separator = ' '): string[] {
  const texts: string[] = [];
  let current = '';
  for (const { text } of payloads) {
    const piece = text.slice(0, maxLength);
    if (current && current.length + separator.length + piece.length > maxLength) {
      texts.push(current);
      current = '';
    }
    current = current ? `${current}${separator}${piece}` : piece;
  }
  if (current) texts.push(current);
  return texts;
}

/** Every payload as one Markdown document, each in a paragraph of its own. */
export const XSS_MARKDOWN = XSS_PAYLOADS.map(({ text }) => text).join('\n\n');

/** One element as a page's DOM has it: what the live-payload check looks at. */
export interface ElementSnapshot {
  tag: string;
  attributes: [name: string, value: string][];
  /** The text of <script> and <style> elements (empty for others). */
  text: string;
}

const ALWAYS_LIVE_TAGS = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal']);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'lowsrc',
  'ping',
  'srcset',
]);
/** What a browser treats as script in a URL, once it has dropped whitespace and control characters. */
const SCRIPT_URL = /^(javascript|vbscript|data:text\/html|data:application\/xhtml|data:text\/javascript)/;
const PAYLOAD_CALL = /__xss|alert\s*\(/;

const attribute = (el: ElementSnapshot, wanted: string) => el.attributes.find(([name]) => name.toLowerCase() === wanted)?.[1];

/**
 * Whether a <script> runs. Data blocks (JSON-LD) do not: a payload quoted inside one is text; one
 * that breaks out of it makes a script element of its own, which does.
 */
function isExecutable(el: ElementSnapshot): boolean {
  const type = attribute(el, 'type')?.trim().toLowerCase();
  return type === undefined || type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
}

/** A URL as the browser reads it: without the whitespace and control characters it ignores. */
function normalisedUrl(value: string): string {
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

/**
 * The live markup among `elements`, as readable findings ("img[onerror=…]"): elements and
 * attributes that run script, whoever put them there. Text that merely shows a payload is fine.
 * `siteOrigin` is where the site's own scripts come from.
 */
export function findLiveMarkup(elements: readonly ElementSnapshot[], siteOrigin: string): string[] {
  const findings: string[] = [];
  const describe = (el: ElementSnapshot, detail: string) => `<${el.tag}> ${detail}`.slice(0, 200);
  for (const el of elements) {
    const tag = el.tag.toLowerCase();
    if (ALWAYS_LIVE_TAGS.has(tag)) findings.push(describe(el, 'element'));
    for (const [rawName, value] of el.attributes) {
      const name = rawName.toLowerCase();
      if (name.startsWith('on')) findings.push(describe(el, `${name}="${value}"`));
      else if (name === 'srcdoc') findings.push(describe(el, `srcdoc="${value}"`));
      else if (URL_ATTRIBUTES.has(name) && SCRIPT_URL.test(normalisedUrl(value))) findings.push(describe(el, `${name}="${value}"`));
      else if (name === 'style' && /expression\s*\(|javascript:/i.test(value)) findings.push(describe(el, `style="${value}"`));
      else if (name === 'http-equiv' && value.trim().toLowerCase() === 'refresh') findings.push(describe(el, 'http-equiv=refresh'));
    }
    if (tag === 'script' && isExecutable(el)) {
      const src = attribute(el, 'src');
      if (src !== undefined && !src.startsWith('/') && !src.startsWith(`${siteOrigin}/`))
        findings.push(describe(el, `src="${src}" (not the site's)`));
      if (PAYLOAD_CALL.test(el.text)) findings.push(describe(el, el.text));
    }
    if (tag === 'style' && PAYLOAD_CALL.test(el.text)) findings.push(describe(el, el.text));
  }
  return findings;
}
