/**
 * `<Head>` (the public face is web/runtime/head.tsx): title, meta and link tags per page.
 * On the server the tags are collected into the document head (through HeadManagerContext,
 * which the render function and the browser runtime provide); in the browser the head
 * manager applies them after each render.
 *
 * @example
 * <Head><title>About us</title><meta name="description" content="Who we are" /></Head>
 */
import { createContext, useContext, useEffect, useId, type ReactNode } from 'react';
import { flattenHead, type HeadElement } from './head-manager';

export interface HeadManager {
  /** Sets (or replaces) the elements of one `<Head>` instance. */
  update(id: string, elements: HeadElement[]): void;
  remove(id: string): void;
}

export const HeadManagerContext = createContext<HeadManager | null>(null);

export default function Head({ children }: { children?: ReactNode }): null {
  // A provider of Next's shape (`{ updateHead }`, from a test setup rendering on the server) takes no tags.
  const provided = useContext(HeadManagerContext);
  const manager = process.env.STRATUS_BROWSER === 'on' || typeof provided?.update === 'function' ? provided : null;
  const id = useId();
  const elements = flattenHead(children);
  // Server rendering runs no effects, so the tags are handed over while rendering.
  if (typeof window === 'undefined') manager?.update(id, elements);
  useEffect(() => {
    manager?.update(id, elements);
  });
  useEffect(() => () => manager?.remove(id), [manager, id]);
  return null;
}
