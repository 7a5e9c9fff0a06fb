TALK "helper ran"
