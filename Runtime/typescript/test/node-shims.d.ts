// The few Node built-ins the runtime tests use, declared by hand: @types/node is an npm package,
// and the tests install nothing beyond Debian's tsc and Node 20.
declare module "node:test" {
  export function test(name: string, body: () => void): void;
}
declare module "node:assert/strict" {
  export function ok(value: unknown, message?: string): void;
  export function equal(actual: unknown, expected: unknown, message?: string): void;
  export function notEqual(actual: unknown, expected: unknown, message?: string): void;
  export function deepEqual(actual: unknown, expected: unknown, message?: string): void;
  export function throws(run: () => unknown, check: (error: unknown) => boolean, message?: string): void;
}
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
}
declare const process: {
  cpuUsage(previous?: { user: number; system: number }): { user: number; system: number };
};
