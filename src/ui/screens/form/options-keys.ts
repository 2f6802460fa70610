/** The copy keys of a reference-data field's states (content/en/reference.json): OptionsSelect and the form's first paint. */
export const OPTIONS_KEYS = {
  choose: 'app.reference.choose',
  loading: 'app.reference.loading',
  waiting: 'app.reference.waiting',
  waitingGeneric: 'app.reference.waitingGeneric',
  loadError: 'app.reference.loadError',
  retry: 'app.reference.retry',
  empty: 'app.reference.empty',
} as const;
