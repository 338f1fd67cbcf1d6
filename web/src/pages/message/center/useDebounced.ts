import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `ms` (a count asked for after the ticking stops, not at every tick). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
