/** Reading what the app sent, for the sandbox's personas: a JSON body (undefined when it is not JSON) and a string in it. */
export async function json(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** The string at `path` of a body ('' when absent or not a string). */
export function read(body: unknown, ...path: string[]): string {
  let node: unknown = body;
  for (const p of path) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[p] : undefined;
  return typeof node === 'string' ? node : '';
}
