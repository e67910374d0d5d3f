import '../texts';
import type { CollectionItem } from '@acervo/contract/collection-item';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon, GripIcon } from '../../../components/ui/icons';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { errorMessageKey } from '../../../lib/api-errors';
import { useReorderItems } from '../hooks/use-collections';
import { ItemCard } from './item-card';

function SortableItem({
  item,
  collectionId,
  onMove,
  first,
  last,
}: {
  item: CollectionItem;
  collectionId: string;
  onMove: (delta: -1 | 1) => void;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.id,
    });
  // Dragging needs a pointer alternative (WCAG 2.5.7): one press moves the item one place. At an
  // end the button says so instead of turning disabled, which would drop keyboard focus.
  const moveButton = (delta: -1 | 1, atEnd: boolean) => (
    <button
      type="button"
      className="btn btn-icon btn-move"
      aria-label={t(delta < 0 ? 'collections.view.moveUp' : 'collections.view.moveDown', { name: item.name })}
      aria-disabled={atEnd || undefined}
      onClick={() => (atEnd ? undefined : onMove(delta))}
    >
      <ChevronIcon direction={delta < 0 ? 'up' : 'down'} size={14} />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`sortable-item${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-item-id={item.id}
    >
      <ItemCard
        item={item}
        collectionId={collectionId}
        editable
        handle={
          <div className="d-flex flex-column align-items-center flex-shrink-0">
            {moveButton(-1, first)}
            <button
              type="button"
              ref={setActivatorNodeRef}
              className="btn btn-icon drag-handle"
              aria-label={t('collections.view.reorder', { name: item.name })}
              {...attributes}
              {...listeners}
            >
              <GripIcon />
            </button>
            {moveButton(1, last)}
          </div>
        }
      />
    </li>
  );
}

/**
 * The items of someone who may edit them, reordered by mouse, touch (long press), keyboard or the
 * up/down buttons. Each move is saved (issue 8); while the call is out the list shows the new
 * order, and if it fails the list returns to the server's order and says why.
 */
export function SortableItems({ items, collectionId }: { items: CollectionItem[]; collectionId: string }) {
  const { t } = useTranslation();
  const reorder = useReorderItems(collectionId);
  const [message, say] = useLiveMessage();
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  // react-query's optimistic update "through the UI": the pending order is the call's variables.
  const order = reorder.isPending ? reorder.variables.item_ids : items.map((item) => item.id);
  const ordered = order.map((id) => byId.get(id)).filter((i) => i !== undefined);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    // A key that takes the item past the middle of the window scrolls the page under it instead,
    // and the place it is over follows the scroll. In one step: a smooth scroll (Bootstrap's
    // `scroll-behavior`) stopped part of the way, where frame timing had it (81 of 166 px in a
    // journey), so where the item was dropped need not be the place just announced.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'instant' }),
  );
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? '';
  const positionOf = (id: string | number) => ordered.findIndex((item) => item.id === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('collections.view.dnd.picked', { name: nameOf(active.id) }),
    // dnd-kit reports the item over itself right after pick-up; keep "selecionado" audible then.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t('collections.view.dnd.over', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('collections.view.dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t('collections.view.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const save = (next: string[], previous: string[]) =>
    reorder.mutate(
      { item_ids: next, previous_item_ids: previous },
      {
        onSuccess: () => say(t('collections.view.orderSaved')),
        onError: (error) => say(t(errorMessageKey(error, 'reorder')), 'failed'),
      },
    );
  const ids = ordered.map((item) => item.id);
  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= ids.length) return;
    save(arrayMove(ids, from, to), ids);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <>
      <LiveMessage message={message} className="mb-2" />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('collections.view.dnd.instructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="list-unstyled item-list mb-0">
            {ordered.map((item, index) => (
              <SortableItem
                key={item.id}
                item={item}
                collectionId={collectionId}
                first={index === 0}
                last={index === ordered.length - 1}
                onMove={(delta) => move(index, index + delta)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}
