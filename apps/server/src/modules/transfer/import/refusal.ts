/**
 * Why a file cannot be imported, in words for the person who sent it: the import records it as its `error`.
 * Anything else that fails an import is a fault of ours, recorded with a generic message and logged.
 */
export class ImportRefusal extends Error {
  override name = 'ImportRefusal';
}
