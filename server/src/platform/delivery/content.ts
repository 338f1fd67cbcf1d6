import type sanitizeHtml from 'sanitize-html';

/**
 * Length and billed parts of an SMS, counted as Chinese carriers do (every UTF-16 unit one, the signature
 * 【…】 included; 70 in one message, 67 per part beyond): the contract's rule, which the compose form shows
 * before sending, so the screen and the delivery agree.
 */
export { smsLength as smsSegments } from '@gsl/contract';

// A style value that cannot load anything: no url(), image-set(), expression(), @import, and no
// backslash (which could spell any of them in escapes).
const SAFE_STYLE = /^(?!.*(?:url|image-set|image|expression|element|cross-fade|src)\s*\()(?!.*@import)[-#%.,!\w\s()'"/+]*$/i;
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-indent',
  'vertical-align',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'letter-spacing',
  'white-space',
  'width',
  'height',
  'max-width',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-collapse',
  'border-color',
  'border-style',
  'border-width',
  'border-top',
  'border-bottom',
  'border-left',
  'border-right',
  'border-radius',
];

const options = (defaults: sanitizeHtml.IDefaults): sanitizeHtml.IOptions => ({
  allowedTags: [...defaults.allowedTags, 'img', 'font', 'center', 'big'],
  allowedAttributes: {
    a: ['href', 'name', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size', 'face'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'align'],
    td: ['colspan', 'rowspan', 'width', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'align', 'valign'],
    ol: ['start', 'type'],
    '*': ['style', 'align', 'title', 'lang', 'dir'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_STYLE]])) },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open outside the mail view and tell the target nothing about where they came from.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    // A data: address is allowed for inline pictures only (not data:text/html or an SVG with script).
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _drop, ...rest } = attribs;
      return { tagName, attribs: /^data:/i.test(src) && !/^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i.test(src) ? rest : attribs };
    },
  },
});

let loading: Promise<(html: string) => string> | undefined;

/** sanitizeMailHtml's rule as a function, once sanitize-html is loaded (on the first mail rather than at every start: issue 18, about 0.16 s of CPU). */
export function mailSanitizer(): Promise<(html: string) => string> {
  return (loading ??= import('sanitize-html').then((m) => {
    const sanitize = (m as unknown as { default: typeof sanitizeHtml }).default ?? (m as unknown as typeof sanitizeHtml);
    const opts = options(sanitize.defaults);
    return (html: string) => sanitize(html, opts);
  }));
}

/**
 * E-mail HTML as it may be stored and sent (issue "Content rules"): ordinary formatting, tables, links
 * (http, https, mailto) and pictures (http, https, data:image); no scripts, event handlers, forms,
 * frames, <style> blocks or styles that can load a URL.
 */
export async function sanitizeMailHtml(html: string): Promise<string> {
  return (await mailSanitizer())(html);
}
