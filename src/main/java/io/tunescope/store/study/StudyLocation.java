package io.tunescope.store.study;

import io.tunescope.store.JournalLine;

/** Where a study lives, before it is opened: starts a new study there or reopens the one that is there. */
public interface StudyLocation {
    /** Starts a new study with {@code header}; bad input when one exists there already (resume it instead). */
    StudyStore create(JournalLine.Session header);

    /** Reopens the study there for appending; bad input when there is none. The caller checks its header. */
    StudyStore reopen();

    /** As {@link StudyStore#describe()}. */
    String describe();
}
