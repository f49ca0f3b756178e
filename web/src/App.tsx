import { Route, Routes } from 'react-router';
import { PreviewPage } from './features/preview/PreviewPage';
import { NotFound } from './pages/NotFound';

/** The routes of spec §2 join this table as their issues land; unmatched paths fall to NotFound. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<PreviewPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
