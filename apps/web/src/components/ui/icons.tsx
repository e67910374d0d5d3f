import type { ReactNode, SVGProps } from 'react';

/** A few inline icons (decorative: the buttons carry the text). */
type IconProps = { size?: number };

/** The frame every icon shares: a 24-unit square, hidden from assistive technology. */
function Svg({ size, children, ...rest }: { size: number; children: ReactNode } & SVGProps<SVGSVGElement>) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

/** An outlined icon drawn in the text colour. */
function LineIcon({ size, weight = 2, children }: { size: number; weight?: number; children: ReactNode }) {
  return (
    <Svg size={size} fill="none" stroke="currentColor" strokeWidth={String(weight)}>
      {children}
    </Svg>
  );
}

export function PlusIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M12 8v8M8 12h8" strokeLinecap="round" />
    </LineIcon>
  );
}

export function BellIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4z" strokeLinejoin="round" />
      <path d="M10 20a2 2 0 0 0 4 0" strokeLinecap="round" />
    </LineIcon>
  );
}

export function CheckIcon({ size = 20 }: IconProps) {
  return (
    <LineIcon size={size} weight={2.5}>
      <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

export function StarIcon({ size = 20, fill = 'full' }: IconProps & { fill?: 'full' | 'half' | 'empty' }) {
  const id = `star-half-${size}`;
  return (
    <Svg size={size} data-star={fill}>
      {fill === 'half' ? (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      ) : null}
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </Svg>
  );
}

/** Outlined, or filled when the person likes the thing (the button's aria-pressed says it too). */
export function HeartIcon({ size = 20, filled = false }: IconProps & { filled?: boolean }) {
  return (
    <Svg size={size} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
    </Svg>
  );
}

export function SearchIcon({ size = 18 }: IconProps) {
  return (
    <LineIcon size={size}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" strokeLinecap="round" />
    </LineIcon>
  );
}

export function GripIcon({ size = 20 }: IconProps) {
  return (
    <Svg size={size} fill="currentColor">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </Svg>
  );
}

export function PencilIcon({ size = 18 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M4 20h4L19 9l-4-4L4 16z" strokeLinejoin="round" />
    </LineIcon>
  );
}

const CHEVRONS = { left: 'M15 5l-7 7 7 7', right: 'M9 5l7 7-7 7', up: 'M5 15l7-7 7 7', down: 'M5 9l7 7 7-7' };

/** A chevron (carousel arrows, moving an item up or down; the button carries the label). */
export function ChevronIcon({ size = 16, direction }: IconProps & { direction: keyof typeof CHEVRONS }) {
  return (
    <LineIcon size={size} weight={2.5}>
      <path d={CHEVRONS[direction]} strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

/** Pause (two bars) or play (a triangle), for the carousel's autoplay toggle. */
export function PlayPauseIcon({ size = 16, playing }: IconProps & { playing: boolean }) {
  return (
    <Svg size={size} fill="currentColor">
      {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13l11-6.5z" />}
    </Svg>
  );
}
