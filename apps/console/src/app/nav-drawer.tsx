import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The phone's navigation panel (antd's Drawer moves the focus in and back, and closes on Escape). */
export function NavDrawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Drawer open={open} onClose={onClose} title={title} placement="left" size={280} data-testid="nav-drawer">
      {children}
    </Drawer>
  );
}
