/**
 * The development mailbox's stylesheet, served from /backend/dev/mailbox.css: a file of its own rather than
 * <style> or style attributes, so that the pages hold no inline CSS whatever the site's CSP allows.
 * Below 40rem (a phone) each table row becomes a block whose cells carry their column's name, so that
 * nothing scrolls sideways at 360 px.
 */
export const MAILBOX_CSS = `
:root { color-scheme: light; --navy: #0b3a66; --ink: #1f2933; --muted: #4a5563; --rule: #cbd5e1; --page: #f3f6f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--page); }
a { color: var(--navy); }
a:focus-visible, iframe:focus-visible { outline: 3px solid #c2410c; outline-offset: 2px; }
.bar { background: var(--navy); color: #fff; padding: .75rem 1rem; display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 2rem; }
.bar p { margin: 0; font-weight: 700; }
.bar ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 1.25rem; }
.bar a { color: #fff; text-underline-offset: .25em; }
.bar a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
.bar a:focus-visible { outline-color: #fff; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; }
.note { color: var(--muted); margin: 0 0 1rem; }
.back { margin: 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
caption { text-align: left; padding: 0 0 .5rem; }
table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--rule); }
th, td { text-align: left; vertical-align: top; padding: .5rem .75rem; border-bottom: 1px solid var(--rule); overflow-wrap: break-word; }
thead th { background: #e2e8f0; font-size: .9rem; }
tbody th { font-weight: 600; }
.subject { min-width: 14rem; }
.count { text-align: right; white-space: nowrap; }
.nowrap { white-space: nowrap; }
.headers { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25rem 1rem; margin: 0; padding: .75rem 1rem; background: #fff; border: 1px solid var(--rule); }
.headers dt { font-weight: 700; }
.headers dd { margin: 0; overflow-wrap: break-word; min-width: 0; }
.parts ul { list-style: none; margin: 1rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
.parts a { display: inline-block; padding: .25rem .75rem; border: 1px solid var(--navy); border-radius: 999px; background: #fff; text-decoration: none; }
iframe { display: block; width: 100%; height: 80vh; min-height: 28rem; border: 1px solid var(--rule); background: #fff; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid var(--rule); padding: 1rem; font: .9rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.preview { display: block; max-width: 8rem; height: auto; margin-top: .5rem; border: 1px solid var(--rule); }
.links { white-space: nowrap; }
.links a + a { margin-left: 1rem; }
.message { white-space: pre-wrap; }
@media (max-width: 40rem) {
  main { padding: .75rem; }
  .headers { grid-template-columns: minmax(0, 1fr); gap: 0; }
  .headers dd + dt { margin-top: .5rem; }
  .stack, .stack tbody { display: block; border: 0; background: none; }
  .stack caption { display: block; }
  .stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .stack tr { display: block; margin: 0 0 .75rem; background: #fff; border: 1px solid var(--rule); }
  .stack th, .stack td { display: block; min-width: 0; border: 0; padding: .25rem .75rem; text-align: left; white-space: normal; overflow-wrap: anywhere; }
  .stack tbody th { padding-top: .5rem; }
  .stack td:last-child { padding-bottom: .5rem; }
  .stack td[data-label]::before { content: attr(data-label) ": "; font-weight: 700; color: var(--muted); }
}
`;
