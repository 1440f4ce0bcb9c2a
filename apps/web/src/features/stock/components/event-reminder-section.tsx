import { QuerySection } from '../../../ui/section/index.ts';
import { useEventReminder } from '../api/event-reminder.ts';
import './sections.css';

/** 大事提醒: the next five corporate events with their tags. */
export function EventReminderSection({ code }: { code: string }) {
  const query = useEventReminder(code);
  return (
    <QuerySection
      variant="band"
      title="大事提醒"
      query={query}
      isEmpty={(events) => events.length === 0}
      emptyText="暂无大事提醒"
    >
      {(events) => (
        <ul className="event-list">
          {events.map((event) => (
            <li key={`${event.effectdateMap.beginDate}-${event.name}`} className="event-list__item">
              <div className="event-list__head">
                <time className="event-list__date">{event.effectdateMap.beginDate}</time>
                <span className="event-list__name">{event.name}</span>
                {event.tagDescMap.map((tag) => (
                  <span key={tag.tag} className="event-list__tag">
                    {tag.tag}
                  </span>
                ))}
              </div>
              <p className="event-list__content">{event.content}</p>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
