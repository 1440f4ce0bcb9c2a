import { Codes } from '@zhicai/contract';
import { AppError } from '../../../http/app-error.ts';
import { type ConditionDefinition, conditionByCode } from './stock-conditions.ts';

/**
 * Reads the protocol's screen request (reference/protocol.md `select/select`): `seqFlags` names the
 * chosen conditions in order; a range or flag condition brings `<CODE>_left` / `<CODE>_right`
 * (an open bound is the string "Infinity", "-Infinity", empty or absent); a choice brings its
 * options under its code in lower case (`plates:"1,2"`, `basic_st:1`). Anything else in the body is
 * not read. A condition it does not know, a bound that is not a number or a lower bound above the
 * upper one is refused (400) before any screening.
 */
export interface RangeCriterion {
  definition: ConditionDefinition;
  left: number | null;
  right: number | null;
}

export interface ChoiceCriterion {
  definition: ConditionDefinition;
  /** The option values asked; empty = no filter (the column is only shown). */
  values: string[];
}

export type Criterion = RangeCriterion | ChoiceCriterion;

export function isChoice(criterion: Criterion): criterion is ChoiceCriterion {
  return criterion.definition.kind === 'choice';
}

function refuse(message: string): never {
  throw new AppError(Codes.invalidParams, message, 400);
}

export function seqFlagsOf(seqFlags: unknown): string[] {
  const list = Array.isArray(seqFlags) ? seqFlags : typeof seqFlags === 'string' ? seqFlags.split(',') : [];
  const codes: string[] = [];
  for (const item of list) {
    const code = String(item).trim().toUpperCase();
    if (code !== '' && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** A bound as sent: a finite number, or open (null). */
export function boundOf(value: unknown, key: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) refuse(`${key} 不是数字`);
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^[+-]?Infinity$/.test(text)) return null;
    const number = Number(text);
    if (text !== '' && Number.isFinite(number)) return number;
  }
  return refuse(`${key} 不是数字`);
}

function optionsOf(value: unknown, key: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'number' && Number.isFinite(value)) return [String(value)];
  if (typeof value === 'string')
    return [
      ...new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ];
  return refuse(`${key} 应为以逗号分隔的选项`);
}

export function parseCriteria(body: Readonly<Record<string, unknown>>): Criterion[] {
  return seqFlagsOf(body.seqFlags).map((code): Criterion => {
    const definition = conditionByCode.get(code);
    if (!definition) return refuse(`未知的选股条件：${code.slice(0, 40)}`);
    if (definition.kind === 'choice') {
      const key = code.toLowerCase();
      return { definition, values: optionsOf(body[key] ?? body[code], key) };
    }
    const leftKey = `${code}_left`;
    const rightKey = `${code}_right`;
    let left = boundOf(body[leftKey] ?? body[leftKey.toLowerCase()], leftKey);
    const right = boundOf(body[rightKey] ?? body[rightKey.toLowerCase()], rightKey);
    // A flag chosen without bounds asks for the pattern (1).
    if (definition.kind === 'flag' && left === null && right === null) left = 1;
    if (left !== null && right !== null && left > right) refuse(`${definition.name}的下限不能大于上限`);
    return { definition, left, right };
  });
}
