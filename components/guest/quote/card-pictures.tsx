import { SimpleGrid } from '@mantine/core';
import { imageUrl } from '@/lib/images/links';

/** The accommodation's pictures: plain lazy images, sized by the grid, no script. */
export function CardPictures({ images }: { images: { id: string; alt: string }[] }) {
  if (images.length === 0) return null;
  return (
    <SimpleGrid cols={images.length === 1 ? 1 : { base: 2, sm: Math.min(images.length, 3) }} spacing="xs">
      {images.map((image, index) => (
        // eslint-disable-next-line @next/next/no-img-element -- a plain img: /api/getImage serves it already re-encoded and cached for a year
        <img
          key={image.id}
          src={imageUrl(image.id)}
          alt={image.alt}
          loading={index === 0 ? 'eager' : 'lazy'}
          decoding="async"
          style={{ width: '100%', aspectRatio: '16 / 10', objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
        />
      ))}
    </SimpleGrid>
  );
}
