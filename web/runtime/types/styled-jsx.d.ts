/**
 * `<style jsx>` and `<style jsx global>` type-check as under Next, whose types carry styled-jsx's
 * attributes for every app (pages-router examples use them, with-loading among them). The
 * build compiles the tag with styled-jsx's own Babel plugin (cli/builder/compiler-transforms.ts).
 */
import 'react';

declare module 'react' {
  interface StyleHTMLAttributes<T> extends HTMLAttributes<T> {
    jsx?: boolean;
    global?: boolean;
  }
}
