// Reading an ops command's arguments: one rule for ids, required and optional flags, so every
// command refuses a missing or empty value with the same message.
import { formatDecimal, normalizeDecimal, parseDecimal } from '@imali/money';
import { ErrorCode } from '@imali/contract';
import { DomainError } from '../../plugins/errors';
import type { OpsArgs } from './types';

export const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);

/** A stored decimal as an operator reads it: no trailing zeros; '' for none. */
export const plain = (text: string | null) =>
  text === null ? '' : formatDecimal(normalizeDecimal(parseDecimal(text)));

/** The first positional argument as a row id. */
export function idArg(args: OpsArgs, usage: string): number {
  const raw = args.positionals[0];
  if (!raw || !/^\d{1,15}$/.test(raw)) throw bad(`Usage: ${usage}`);
  return Number(raw);
}

/** The positional argument at `index`, which must be there. */
export function positionalArg(args: OpsArgs, index: number, usage: string): string {
  const v = args.positionals[index];
  if (v === undefined) throw bad(`Usage: ${usage}`);
  return v;
}

/** A flag that must be given, with a value. */
export function requiredFlag(args: OpsArgs, name: string, usage: string): string {
  const v = args.flags[name];
  if (typeof v !== 'string' || !v.trim()) throw bad(`--${name} is required. Usage: ${usage}`);
  return v.trim();
}

/** A flag that may be left out; given, it needs a value. */
export function optionalFlag(args: OpsArgs, name: string): string | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !v.trim()) throw bad(`--${name} needs a value.`);
  return v.trim();
}

/** `flag(args, name, usage)` requires it; `flag(args, name)` takes it when given. */
export function flag(args: OpsArgs, name: string, usage?: string): string | undefined {
  return usage === undefined ? optionalFlag(args, name) : requiredFlag(args, name, usage);
}
