// The outline icons the site uses, copied from Lucide 1.75 (lucide.dev) so that no icon package
// ships with the site. Lucide: ISC License, Copyright (c) 2026 Lucide Icons and Contributors.
// Moon, Upload, ChevronLeft, ChevronRight and X come from Feather: MIT License, Copyright (c)
// 2013-present Cole Bemis. Both licences allow copying with this notice kept.
import type { SVGProps } from 'react';

export interface IconProps extends SVGProps<SVGSVGElement> {
  /** Width and height in pixels; 24 by default. */
  size?: number;
}

function OutlineIcon({ size = 24, ...rest }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    />
  );
}

export const ChevronLeft = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m15 18-6-6 6-6" />
  </OutlineIcon>
);

export const ChevronRight = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m9 18 6-6-6-6" />
  </OutlineIcon>
);

export const Globe = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20" />
    <path d="M2 12h20" />
  </OutlineIcon>
);

export const Heart = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5" />
  </OutlineIcon>
);

export const ImageOff = (props: IconProps) => (
  <OutlineIcon {...props}>
    <line x1="2" x2="22" y1="2" y2="22" />
    <path d="M10.41 10.41a2 2 0 1 1-2.83-2.83" />
    <line x1="13.5" x2="6" y1="13.5" y2="21" />
    <line x1="18" x2="21" y1="12" y2="15" />
    <path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59" />
    <path d="M21 15V5a2 2 0 0 0-2-2H9" />
  </OutlineIcon>
);

export const MessageCircle = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
  </OutlineIcon>
);

export const Moon = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />
  </OutlineIcon>
);

export const Sun = (props: IconProps) => (
  <OutlineIcon {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2" />
    <path d="M12 20v2" />
    <path d="m4.93 4.93 1.41 1.41" />
    <path d="m17.66 17.66 1.41 1.41" />
    <path d="M2 12h2" />
    <path d="M20 12h2" />
    <path d="m6.34 17.66-1.41 1.41" />
    <path d="m19.07 4.93-1.41 1.41" />
  </OutlineIcon>
);

export const Upload = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M12 3v12" />
    <path d="m17 8-5-5-5 5" />
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
  </OutlineIcon>
);

export const X = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </OutlineIcon>
);

export const Search = (props: IconProps) => (
  <OutlineIcon {...props}>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </OutlineIcon>
);
