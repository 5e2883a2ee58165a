/** Checked in order: Edge and Opera also say Chrome, Chrome also says Safari. */
const browsers: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+(?:\.\d+)?)/],
  ['Opera', /OPR\/(\d+(?:\.\d+)?)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+(?:\.\d+)?)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+(?:\.\d+)?)/],
  ['Chrome Headless', /HeadlessChrome\/(\d+(?:\.\d+)?)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+(?:\.\d+)?)/],
  ['Safari', /Version\/(\d+(?:\.\d+)?).*Safari\//],
];

const systems: [string, RegExp][] = [
  ['Windows', /Windows NT/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/** "Chrome 126.0" from a User-Agent, or null when no known browser is named. */
export function browserFromUserAgent(userAgent: string): string | null {
  for (const [name, pattern] of browsers) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return null;
}

export function osFromUserAgent(userAgent: string): string | null {
  return systems.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
}
