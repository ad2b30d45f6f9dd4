/**
 * styled-jsx's styles of a server render, as the pages router puts them in the head: the
 * page renders inside a `StyleRegistry`, and each `<style jsx>` it rendered becomes a
 * `<style id="__jsx-…">` tag, which styled-jsx in the browser finds by id and keeps when it
 * hydrates. Imported by the app's files the build compiled a `<style jsx>` in (compiler-transforms.ts).
 */
import { createElement } from 'react';
import { createStyleRegistry, StyleRegistry } from 'styled-jsx';
import { registerStyleCollector } from './style-collectors';

/** A `<style>` element's text must not end the element early. */
const closeTag = /<\/(style)/gi;

registerStyleCollector(() => {
  const registry = createStyleRegistry();
  return {
    wrap: (tree) => createElement(StyleRegistry, { registry, children: tree }),
    markup: () =>
      (registry as unknown as { cssRules(): Array<[string, string]> })
        .cssRules()
        .map(([id, css]) => `<style id="__${id.replace(/[^\w-]/g, '')}">${css.replace(closeTag, '<\\/$1')}</style>`)
        .join(''),
  };
});
