export default function BrowserOnly() {
  return <p id="browser-only">Rendered in the browser, {typeof window === 'undefined' ? 'server' : 'window'} side</p>;
}
