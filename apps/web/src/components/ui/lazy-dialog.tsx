import { Suspense, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { Loading } from './loading';

/**
 * A dialog whose code (react-bootstrap's Modal and what the dialog shows) is fetched the first
 * time it opens, not with the page (decision 034): the signed-in header's add-item and
 * notifications dialogs would otherwise load with every page, forms included. Until it arrives,
 * 'Carregando...' shows where the dialog will be; the opener keeps the focus, and the Modal moves
 * it in and brings it back as it does when loaded with the page.
 */
export function lazyDialog<P extends { show: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.show);
    if (props.show && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense
        fallback={
          props.show ? (
            <div
              className="position-fixed top-50 start-50 translate-middle bg-body border rounded shadow px-4"
              style={{ zIndex: 1055 }}
            >
              <Loading />
            </div>
          ) : null
        }
      >
        <Dialog {...(props as ComponentProps<typeof Dialog>)} />
      </Suspense>
    );
  };
}
