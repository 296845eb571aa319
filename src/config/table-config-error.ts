// A table configuration that cannot be used (its file, or an environment variable it names): one line
// naming the field. Its own module, so that a verb that only reads the environment (verify's log key)
// does not load the configuration's schema and its parsers.
export class TableConfigError extends Error {}
