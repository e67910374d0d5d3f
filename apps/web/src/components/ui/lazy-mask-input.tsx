import { Suspense, lazy, useRef, type ComponentType, type InputHTMLAttributes, type Ref } from 'react';

type MaskInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  mask: string;
  value?: string;
  unmask?: boolean;
  onAccept?: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

const MaskInput = lazy(async () => ({
  default: (await import('react-imask')).IMaskInput as unknown as ComponentType<MaskInputProps>,
}));

/**
 * react-imask's `IMaskInput`, with the library (imask, 16 KB gzip) fetched when a masked field
 * first renders rather than before the page shows (decision 034). Until it arrives the field is an
 * ordinary input in the same place, with the same props, telling the form what is typed; whoever
 * is typing in it keeps the focus when the masked input takes its place.
 */
export function IMaskInput(props: MaskInputProps) {
  // Removing a focused input blurs it, so a blur clears the mark only after the swap has run.
  const focused = useRef(false);
  const { mask: _mask, unmask: _unmask, onAccept, inputRef, onFocus, onBlur, ...input } = props;
  const plain = (
    <input
      {...input}
      ref={inputRef}
      onChange={(event) => onAccept?.(event.target.value)}
      onFocus={(event) => {
        focused.current = true;
        onFocus?.(event);
      }}
      onBlur={(event) => {
        queueMicrotask(() => (focused.current = false));
        onBlur?.(event);
      }}
    />
  );
  const takeFocus = (element: HTMLInputElement | null) => {
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
    if (!element || !focused.current) return;
    focused.current = false;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  };
  // The mask reports the value it is given when it mounts: once the form has errors from the
  // server, passing that on unchanged would validate the field again and clear them.
  const accept = (next: string) => {
    if (next !== props.value) onAccept?.(next);
  };
  return (
    <Suspense fallback={plain}>
      <MaskInput {...props} onAccept={accept} inputRef={takeFocus} />
    </Suspense>
  );
}
