// A gallery thumbnail whose box is reserved before anything loads (no layout shift): an inert
// image of the picture's proportions holds the place, under the blurred placeholder and then the
// lazy-loaded thumbnail (480w and 960w). No inline styles: the page's CSP allows none. While an
// X gallery waits behind the 18+ gate, `revealed` is false and no image URL is in the page.
// Decorative here: the button around it names the image.
import type { GalleryImage } from '#lib/galleries.ts';
import { GRID_THUMB_SIZES, ratioBox, thumbSrcset } from '#lib/gallery-display.ts';

interface Props {
  image: GalleryImage;
  revealed: boolean;
  eager: boolean;
}

export default function GalleryThumb({ image, revealed, eager }: Props) {
  const box = { width: image.width || 1, height: image.height || 1 };
  const srcSet = thumbSrcset(image);
  return (
    <span className="thumb-frame">
      <img className="thumb-box" src={ratioBox(box.width, box.height)} alt="" {...box} />
      {revealed && image.placeholder && <img className="thumb-placeholder" src={image.placeholder} alt="" {...box} />}
      {revealed && image.thumb && (
        <img
          className="thumb-image"
          src={image.thumb}
          srcSet={srcSet}
          // sizes without srcset is invalid HTML (an image with one size has no srcset).
          sizes={srcSet && GRID_THUMB_SIZES}
          alt=""
          {...box}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      )}
    </span>
  );
}
