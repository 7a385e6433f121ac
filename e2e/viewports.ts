// The two widths every browser journey is looked at in: a desktop and a phone.
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
