/** The gallery's texts, translated on the server so the client island carries only the strings it shows. */
export interface GalleryLabels {
  /** The strip of images ("Product images"). */
  gallery: string;
  /** aria-roledescription of the strip ("carousel"). */
  carousel: string;
  /** The row of thumbnail buttons. */
  thumbnails: string;
  /** "Image 2 of 5", one per image. */
  image: string[];
  enlarge: string;
  close: string;
  previous: string;
  next: string;
  zoomIn: string;
  zoomOut: string;
}
