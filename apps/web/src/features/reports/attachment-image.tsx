import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DotsLoader } from '../../ui/dots-loader';
import { fetchAttachment } from './api';

/** A screenshot the SDK sent, fetched with the token and shown at full size through a blob: URL. */
export function AttachmentImage({ url, alt }: { url: string; alt: string }) {
  const blob = useQuery({
    queryKey: ['admin', 'attachment', url],
    queryFn: () => fetchAttachment(url),
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!blob.data) return;
    // The intake stores screenshots as application/png (spec §3), which browsers do not sniff into an image.
    const image = new Blob([blob.data], { type: 'image/png' });
    const objectUrl = URL.createObjectURL(image);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);

  if (blob.isError) return <p className="text-sm text-danger">The screenshot could not be loaded.</p>;
  if (!src) return <DotsLoader />;
  return (
    <a href={src} target="_blank" rel="noreferrer" className="block overflow-x-auto">
      <img src={src} alt={alt} className="max-w-none rounded-md border border-border" />
    </a>
  );
}
