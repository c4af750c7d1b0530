/** `--name value`, `--name=value` and bare `--flag` options; anything else is an error. */
export class ArgsError extends Error {}

export class Args {
  private readonly values = new Map<string, string | true>();

  constructor(argv: string[], allowed: readonly string[]) {
    for (let index = 0; index < argv.length; index += 1) {
      const raw = argv[index];
      if (!raw.startsWith('--')) throw new ArgsError(`Unexpected argument "${raw}"`);
      const [name, inline] = raw.slice(2).split(/=(.*)/s, 2);
      if (!allowed.includes(name)) throw new ArgsError(`Unknown option --${name} (known: ${allowed.map((a) => `--${a}`).join(', ')})`);
      const next = argv[index + 1];
      if (inline !== undefined) this.values.set(name, inline);
      else if (next !== undefined && !next.startsWith('--')) {
        this.values.set(name, next);
        index += 1;
      } else this.values.set(name, true);
    }
  }

  flag(name: string): boolean {
    return this.values.get(name) === true;
  }

  string(name: string, fallback: string): string;
  string(name: string, fallback: null): string | null;
  string(name: string, fallback: string | null): string | null {
    const value = this.values.get(name);
    if (value === undefined) return fallback;
    if (value === true) throw new ArgsError(`--${name} needs a value`);
    return value;
  }

  integer(name: string, fallback: number): number {
    const value = this.string(name, null);
    if (value === null) return fallback;
    if (!/^\d+$/.test(value)) throw new ArgsError(`--${name} must be a whole number, got "${value}"`);
    return Number(value);
  }
}
