/**
 * `<style jsx>` and `<style jsx global>` type-check as under Next, whose types carry styled-jsx's
 * attributes for every app (pages-router examples use them, with-loading among them). Types
 * only: what the build does with the tag is not changed here.
 */
import 'react';

declare module 'react' {
  interface StyleHTMLAttributes<T> extends HTMLAttributes<T> {
    jsx?: boolean;
    global?: boolean;
  }
}
