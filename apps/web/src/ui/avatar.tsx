import { useState } from 'react';

export interface AvatarProps {
  name: string;
  color: string;
  avatarUrl: string;
  /** Pixels; the avatar is square. */
  size?: number;
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return (
    letters
      .map((word) => (word ? Array.from(word)[0] : ''))
      .join('')
      .toUpperCase() || '?'
  );
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textColorOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The profile photo, or initials on the profile colour when there is none or it fails to load. Decorative. */
export function Avatar({ name, color, avatarUrl, size = 32 }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (avatarUrl && failedUrl !== avatarUrl) {
    return (
      <img
        src={avatarUrl}
        alt=""
        aria-hidden="true"
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(avatarUrl)}
        className="shrink-0 rounded-full object-cover"
        style={style}
      />
    );
  }
  const background = /^#[0-9a-f]{6}$/i.test(color) ? color : '#555b69';
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold"
      style={{ ...style, backgroundColor: background, color: textColorOn(background) }}
    >
      {initialsOf(name)}
    </span>
  );
}
