/**
 * Styles a CSS-in-JS library collects while the server renders a page (styled-jsx's
 * `<style jsx>`), for the document head. The library's collector registers itself from the
 * app's own code, only in apps that use it (the build adds the import where it compiles a
 * `<style jsx>`), so a page of any other app pays one check.
 */
import type { ReactElement } from 'react';

export interface StyleCollector {
  /** The page's tree inside what collects its styles. */
  wrap(tree: ReactElement): ReactElement;
  /** The collected styles as `<style>` tags, once the tree has rendered. */
  markup(): string;
}

let createCollector: (() => StyleCollector) | undefined;

export function registerStyleCollector(create: () => StyleCollector): void {
  createCollector = create;
}

/** A collector for one render; undefined when the app uses no such library. */
export function newStyleCollector(): StyleCollector | undefined {
  return createCollector?.();
}
