import type { PackagingType } from './api.ts';

/**
 * Small drawings of the two packagings (SPEC §4): a sealed pack of 4 random stickers (SPEC §9), and a box of
 * sticker stacks sorted by kind. Drawn here so nothing is downloaded.
 */
export function PackagingPicture({ type }: { type: PackagingType }) {
  return type === 'stickerpack' ? <StickerPackPicture /> : <StickerBoxPicture />;
}

function StickerPackPicture() {
  return (
    <svg viewBox="0 0 120 80" width="100%" height="80" aria-hidden="true">
      {/* Two sticker cards peek out behind the pack. */}
      <rect
        x="62"
        y="10"
        width="26"
        height="36"
        rx="2"
        fill="#fff"
        stroke="#adb5bd"
        transform="rotate(14 75 28)"
      />
      <rect x="66" y="14" width="18" height="20" fill="#a5d8ff" transform="rotate(14 75 28)" />
      <rect
        x="30"
        y="12"
        width="26"
        height="36"
        rx="2"
        fill="#fff"
        stroke="#adb5bd"
        transform="rotate(-12 43 30)"
      />
      <rect x="34" y="16" width="18" height="20" fill="#ffd8a8" transform="rotate(-12 43 30)" />
      {/* The foil pack with crimped top and bottom seams. */}
      <path
        d="M34 22 l4 -3 l4 3 l4 -3 l4 3 l4 -3 l4 3 l4 -3 l4 3 l4 -3 l4 3 l4 -3 l4 3 V70 l-4 3 l-4 -3 l-4 3 l-4 -3 l-4 3 l-4 -3 l-4 3 l-4 -3 l-4 3 l-4 -3 l-4 3 l-4 -3 Z"
        fill="#228be6"
      />
      <rect x="34" y="26" width="52" height="40" fill="#1c7ed6" />
      <path d="M40 30 L54 30 L44 62 L40 62 Z" fill="#fff" opacity="0.18" />
      <circle cx="60" cy="42" r="9" fill="#fab005" />
      <text
        x="60"
        y="46"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="#1c7ed6"
        fontFamily="sans-serif"
      >
        4
      </text>
      <text
        x="60"
        y="61"
        textAnchor="middle"
        fontSize="7"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        stickerpack
      </text>
    </svg>
  );
}

function StickerBoxPicture() {
  const stacks = [
    { x: 30, fill: '#ffd8a8' },
    { x: 52, fill: '#a5d8ff' },
    { x: 74, fill: '#b2f2bb' },
  ];
  return (
    <svg viewBox="0 0 120 80" width="100%" height="80" aria-hidden="true">
      {/* Stacks of identical stickers standing in the open box, one kind per stack. */}
      {stacks.map((stack) => (
        <g key={stack.x}>
          {[6, 3, 0].map((offset) => (
            <g key={offset}>
              <rect
                x={stack.x + offset / 2}
                y={14 + offset}
                width="18"
                height="26"
                rx="1.5"
                fill="#fff"
                stroke="#adb5bd"
              />
              <rect x={stack.x + 3 + offset / 2} y={17 + offset} width="12" height="14" fill={stack.fill} />
            </g>
          ))}
        </g>
      ))}
      {/* The cardboard box: front, rim and flaps. */}
      <path d="M20 36 L100 36 L96 72 L24 72 Z" fill="#e8b97a" stroke="#b07a3b" />
      <path d="M20 36 L8 28 L26 28 L32 36 Z" fill="#f0c992" stroke="#b07a3b" />
      <path d="M100 36 L112 28 L94 28 L88 36 Z" fill="#f0c992" stroke="#b07a3b" />
      <rect x="44" y="48" width="32" height="12" rx="2" fill="#fff" opacity="0.85" />
      <path d="M48 54 h24" stroke="#b07a3b" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
