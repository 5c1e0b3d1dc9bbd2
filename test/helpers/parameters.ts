/** Parameter values as a workflow stores them, for the nodes' parameters in tests. */

/** An expression reading a field of the input item: what mapping `email` in the editor gives. */
export const field = (name: string) => `={{ $json[${JSON.stringify(name)}] }}`;

/** An expression giving `value` as is (a number, a list, a date…): what a user types as `{{ … }}`. */
export const expression = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;

/** A resource locator set By ID: what picking "By ID" and typing `value` in the editor gives. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
