import { ToastContainer } from 'react-toastify';
import { useTheme } from '../lib/theme';

/** Toasts: top-right, 5000 ms (spec §9), in the current theme. */
export function ThemedToastContainer() {
  const theme = useTheme();
  return <ToastContainer position="top-right" autoClose={5000} theme={theme} newestOnTop closeOnClick={false} />;
}
