import type { ElementType, ReactNode } from 'react';

interface ContainerProps {
  children: ReactNode;
  className?: string;
  /** Element to render, e.g. 'section' or 'main'; a div by default. */
  as?: ElementType;
}

/** The page-width wrapper every section uses, so edges line up from header to footer. */
export function Container({ children, className = '', as: Tag = 'div' }: ContainerProps) {
  return <Tag className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</Tag>;
}
