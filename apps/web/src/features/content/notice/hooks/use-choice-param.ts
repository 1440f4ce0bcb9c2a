import { useSearchParams } from 'react-router';

/**
 * A filter kept in the address (?type=, ?rating=, ?tab=), so going back and forth or sharing the
 * page keeps it; a value outside `options` reads as none. Changing it replaces the entry.
 */
export function useChoiceParam<Value extends string>(
  name: string,
  options: readonly Value[],
): [Value | undefined, (value: Value | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = options.find((option) => option === raw);
  const set = (next: Value | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === undefined) copy.delete(name);
        else copy.set(name, next);
        return copy;
      },
      { replace: true },
    );
  return [value, set];
}
