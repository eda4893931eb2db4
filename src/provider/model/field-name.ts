/** The names of a values type's fields, as the capabilities of a definition list them. */

/** The string keys of `T`: the names of its fields. */
export type FieldName<T> = keyof T & string;
