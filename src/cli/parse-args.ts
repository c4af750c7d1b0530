import { CliUsageError } from './with-orm';

/** `--name value` pairs; a repeated option collects every value. */
export function parseOptions(args: string[]): Map<string, string[]> {
  const options = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new CliUsageError(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split('=', 2);
    const value = inline ?? args[++i];
    if (value === undefined) throw new CliUsageError(`--${name} needs a value`);
    options.set(name, [...(options.get(name) ?? []), value]);
  }
  return options;
}

export function required(options: Map<string, string[]>, name: string): string {
  const value = options.get(name)?.at(-1);
  if (!value) throw new CliUsageError(`--${name} is required`);
  return value;
}
