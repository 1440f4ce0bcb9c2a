/**
 * How long a plate answer (breadth, amounts, leaders) stays fresh: the index changes themselves
 * follow the live quotes, and the rest moves slowly enough that a minute keeps the lists honest
 * without a call on every tab switch (the home page's overview uses the same minute).
 */
export const plateStaleTime = 60 * 1000;
