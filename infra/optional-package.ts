/**
 * Thrown when a feature needs a package that is one of `optionalDependencies` and this install
 * left it out (`npm install --omit=optional`; docs/dependencies.md). The message names the
 * feature, the package and how to install it.
 */
export class MissingOptionalPackageError extends Error {
  constructor(
    readonly packageName: string,
    feature: string,
    options?: ErrorOptions,
  ) {
    super(`${feature} needs ${packageName}, an optional dependency this install left out (--omit=optional); npm install without --omit=optional adds it`, options);
    this.name = 'MissingOptionalPackageError';
  }
}

/**
 * Runs `load` (a dynamic `import()` of the package itself or of the module that imports it) and
 * turns "module not found" for one of those packages into a {@link MissingOptionalPackageError}. A package
 * that is present but fails to load, or any other missing module, is rethrown as it is.
 */
export async function loadOptional<T>(packages: string | readonly string[], feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = (typeof packages === 'string' ? [packages] : packages).find((name) => isMissing(error, name));
    if (missing !== undefined) throw new MissingOptionalPackageError(missing, feature, { cause: error });
    throw error;
  }
}

/** Node says ERR_MODULE_NOT_FOUND ("Cannot find package 'x' imported from …"); a CommonJS resolver MODULE_NOT_FOUND. */
function isMissing(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  if (typeof message !== 'string') return false;
  return [`'${packageName}'`, `'${packageName}/`, `"${packageName}"`, `"${packageName}/`].some((quoted) => message.includes(quoted));
}
