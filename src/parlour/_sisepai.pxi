# Binding of the sisepai part of the C core (included by _core.pyx).
