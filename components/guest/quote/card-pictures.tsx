import type { CSSProperties } from 'react';
import { imageUrl } from '@/lib/images/links';
import styles from './quote.module.css';

/** The accommodation's pictures: plain lazy images, sized by the grid, no script. */
export function CardPictures({ images }: { images: { id: string; alt: string }[] }) {
  if (images.length === 0) return null;
  const columns = { '--columns': Math.min(images.length, 3) } as CSSProperties;
  return (
    <div className={images.length === 1 ? `${styles.pictures} ${styles.single}` : styles.pictures} style={columns}>
      {images.map((image, index) => (
        // eslint-disable-next-line @next/next/no-img-element -- a plain img: /api/getImage serves it already re-encoded and cached for a year
        <img key={image.id} className={styles.picture} src={imageUrl(image.id)} alt={image.alt} loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
      ))}
    </div>
  );
}
