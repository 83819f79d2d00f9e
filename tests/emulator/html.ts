/** Shared HTML helpers: escaping (all user content is untrusted clipped text) and the page frame. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Only http(s) and mailto links are rendered as links; anything else (javascript:, data:) is text. */
export function safeHref(url: string): string | undefined {
  return /^(?:https?:|mailto:)/i.test(url) ? url : undefined;
}

const CSS = `
:root { color-scheme: light dark; --bg: #fafaf7; --fg: #1f2328; --muted: #59636e; --card: #ffffff;
  --line: #d8dee4; --accent: #0b63ce; --accent-fg: #ffffff; --code: #f0f2f4; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171b; --fg: #e6e9ec; --muted: #9aa4ae; --card: #1c2127; --line: #313943;
    --accent: #5aa2ff; --accent-fg: #0b1320; --code: #262d35; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
a { color: var(--accent); }
.muted, .meta { color: var(--muted); font-size: .875rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; margin: .5rem 0; }
.card h4 { margin: 0 0 .25rem; font-size: 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .125rem .75rem; margin: .5rem 0; font-size: .9rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.content { border-top: 1px dashed var(--line); margin-top: .5rem; padding-top: .5rem; overflow-wrap: anywhere; }
.content p { margin: .25rem 0; }
pre, code { background: var(--code); border-radius: .25rem; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .875em; }
pre { padding: .5rem .75rem; overflow-x: auto; white-space: pre-wrap; }
code { padding: 0 .2em; }
blockquote { margin: .25rem 0; padding-left: .75rem; border-left: 3px solid var(--line); color: var(--muted); }
.chip { display: inline-block; border: 1px solid var(--line); border-radius: 999px; padding: 0 .5rem; margin: 0 .25rem .125rem 0; font-size: .8rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
select { font: inherit; padding: .4rem .5rem; min-width: 16rem; border-radius: .375rem; border: 1px solid var(--line); background: var(--card); color: var(--fg); }
.actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
button { font: inherit; font-weight: 600; padding: .5rem 1.25rem; border-radius: .375rem; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); cursor: pointer; }
button.secondary { background: transparent; color: var(--fg); border-color: var(--line); }
button:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.narrow { max-width: 32rem; }
`;

/** The content security policy of every HTML page: no scripts at all, inline styles only. */
const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:";

export function htmlDocument(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh}<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
${body}
</body>
</html>`;
}

export function htmlResponse(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': HTML_CSP, ...headers },
  });
}
