/**
 * The parts of the local server that stand in for AWS pieces other than the render
 * function: the image function (with the build's assets as its source) and the
 * viewer-request edge function. Each is wired in when its module exists.
 */
import type { EdgeStep, FunctionUrlHandler } from './server';

export async function localImageHandler(_outDir: string): Promise<FunctionUrlHandler | undefined> {
  return undefined;
}

export async function localEdgeStep(_outDir: string): Promise<EdgeStep | undefined> {
  return undefined;
}
