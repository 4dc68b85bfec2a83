/**
 * Bulk imports of candidates from the console: the screen's texts, and under `errors` why an import
 * was refused or stopped (the API's older messages are under `import.errors`).
 */
export const imports = {
  button: 'Import',
  title: 'Import candidates',
  intro:
    'Upload a CSV or JSON Lines file of candidates. Known emails are updated, new ones created; every row is checked with the same rules as the forms, and rows that fail come back in a report.',
  formatHelp:
    'Columns are described in the README under “Talent data”. Start from the sample file: it has every column, filled in for three candidates.',
  downloadSample: 'Download the sample file (.csv)',
  chooseFile: 'Choose a file (.csv or .jsonl)',
  start: 'Start import',
  starting: 'Uploading…',
  queued: 'Waiting for the previous import to finish…',
  running: 'Importing {fileName}',
  progress:
    '{rows, plural, one {# row} other {# rows}} checked: {created} created, {updated} updated, {rejected} rejected',
  done: 'Import finished',
  summary: '{rows, plural, one {# row} other {# rows}}: {created} created, {updated} updated, {rejected} rejected.',
  failed: 'The import stopped: {error}',
  downloadReport: 'Download the rejection report',
  noRejections: 'Every row was imported.',
  likelyDuplicates:
    '{count, plural, one {# imported row looks} other {# imported rows look}} like a profile already held or on an earlier row. They were imported; each pair waits in the duplicate queue.',
  duplicatesTitle: 'Likely duplicates',
  duplicatesMore: 'The first {shown} are shown; the report lists all {count}.',
  duplicateRow: 'Row {row} ({email})',
  duplicateOf: 'Likely duplicate of',
  duplicateOnRow: 'row {row} of this file',
  review: 'Review',
  downloadFullReport: 'Download the report',
  another: 'Import another file',
  backToTalent: 'Back to talent',
  recent: {
    title: 'Recent imports',
    loading: 'Loading recent imports…',
    empty: 'No imports yet.',
    error: 'The recent imports could not be loaded.',
    retry: 'Try again',
    open: 'Open',
    by: 'by {name}',
    counts: '{rows} read · {created} created · {updated} updated · {rejected} rejected',
    status: { queued: 'Queued', running: 'Running', done: 'Finished', failed: 'Failed' },
  },
  errors: {
    /** The figures are MAX_IMPORT_ROWS and MAX_IMPORT_COLUMNS (backend/features/talent/import/limits.ts). */
    tooManyRows: 'The file has more than 1,000,000 rows. Split it into files of at most 1,000,000 rows each.',
    tooManyColumns: 'The file has more than 200 columns. Keep only the columns the import knows and import it again.',
    rowTooManyColumns: 'more than 200 columns',
    /** Refusals at upload (backend/features/talent/import/checkFile.ts). */
    notUtf8:
      'The file is not UTF-8 text, so its accented letters would be read wrongly. In Excel, save it as “CSV UTF-8 (Comma delimited)” and upload it again.',
    noRows: 'The file has no rows under its header. Add the candidates, one a row, and upload it again.',
    noLines: 'The file has no lines. Add the candidates, one JSON object a line, and upload it again.',
    unnamedColumns:
      '{count, plural, one {Column} other {Columns}} {columns} {count, plural, one {has} other {have}} no name but {count, plural, one {holds} other {hold}} values. Name {count, plural, one {it} other {them}} as in the sample file (a name starting with _ keeps a note), or delete {count, plural, one {it} other {them}}, and upload the file again.',
    unknownColumns:
      'The import does not know {count, plural, one {the column} other {these columns}} {columns}. Name the columns as in the sample file (a column starting with _ is kept as a note) and upload it again.',
    uploadGone: 'The uploaded file could not be read any more. Upload it again.',
    stopped:
      'Something went wrong on our side. Rows imported before it stay imported; import the file again to finish (known emails are updated, never added twice). If it happens again, contact support.',
    /** An import whose background job ended without finishing it (importJob.ts settleAbandonedImports). */
    abandoned:
      'It was interrupted before it finished and will not resume. Rows imported before it stay imported; upload the file again to finish (known emails are updated, never added twice).',
  },
  /** The rejection report's words (backend/features/talent/import/reportText.ts). */
  report: {
    fields: { row: 'Row', database: 'Database', experiences: 'Experience', educations: 'Education' },
    sameEmail: 'row {row}',
    /** An imported row that looks like a profile already held: one per twin, joined with '; '. */
    likelyDuplicate: 'likely duplicate of {candidate} ({reasons}, {confidence}%) {link}',
    onRow: '{candidate} on row {row}',
    imported: 'Imported',
    /** A row that would change a status the candidate chose themselves (spec section 4): the console asks to confirm that. */
    selfChosenStatus:
      'The candidate chose this status themselves, and an import does not override it: leave the cell blank, or change the status in the console, which asks you to confirm',
    /** A JSON line's key that is blank. */
    unnamedColumn: 'A value has no column name',
  },
};
