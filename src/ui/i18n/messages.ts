import type { en } from './en';

/** The shape every language's messages share: English's keys, any text as values. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type Messages = Strings<typeof en>;
