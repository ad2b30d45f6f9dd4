/** A running server of one framework, as the observers need it. */
export type Framework = 'next' | 'stratus';

export interface Target {
  framework: Framework;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** The build id, replaced by `<build>` wherever it shows. */
  buildId: string;
}

/** The image optimiser's path, the one request path that differs by framework. */
export const IMAGE_PATH: Record<Framework, string> = { next: '/_next/image', stratus: '/_app/image' };

/** A check's path on this target: `{image}` becomes the framework's image path. */
export function pathOn(target: Target, checkPath: string): string {
  return checkPath.replace('{image}', IMAGE_PATH[target.framework]);
}
